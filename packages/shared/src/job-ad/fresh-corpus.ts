import type { JobAdCase } from './corpus';

/**
 * A second set of job posts, written apart from the reader's rules to measure it honestly: the shapes people paste
 * from X, LinkedIn, WhatsApp and Telegram groups and company sites, each naming no real vacancy. Expected values
 * are what a careful person reading the post would note down:
 *
 * - `emails`: every address the post asks for CVs to be sent to, in the order it gives them, written plainly —
 *   «[at]», «(at)», « at », «آت» read as @ and «[dot]», «(dot)», « dot », «دوت» as a dot, spaces inside the address
 *   dropped, Arabic-Indic and Persian digits as ASCII digits, punctuation or words glued after it left off. An
 *   address the post says not to use is not among them; a post giving only phone numbers, links or handles has none.
 * - `title`: the job as the post names it, without the place, a bracketed note (stack, city, gender, nationality) or
 *   words such as «فورًا» / «urgently». When a post offers several jobs the expected title is the first one it
 *   names; when it gives one job in two languages, the one written first.
 * - `company`: the employer as the post names it, without a leading «شركة» or «مؤسسة»; null when the post does not
 *   name it (a clinic, «a leading company», a recruiter's client). `companyFromDomain` marks a company named only by
 *   its address's domain, given as that domain's name.
 */
export const FRESH_JOB_AD_CORPUS: JobAdCase[] = [
  {
    post: '#وظائف_الرياض\nمطلوب موظفة استقبال لعيادة أسنان في حي النرجس 🦷\nالدوام فترتين\nالراتب ٤٥٠٠ + تأمين طبي\nترسل السيرة على\nsmileclinic.hr@gmail.com',
    emails: ['smileclinic.hr@gmail.com'],
    title: 'موظفة استقبال',
    company: null,
  },
  {
    post: 'تعلن شركة رمال الخليج للمقاولات عن توفر وظيفة (مدير مشاريع) للعمل في مدينة الخبر، وفق الشروط التالية:\n- بكالوريوس هندسة مدنية\n- خبرة لا تقل عن ١٠ سنوات\nيرجى إرسال السيرة الذاتية على البريد: projects.hr@remal-gulf.com.sa، مع ذكر المسمى الوظيفي في عنوان الرسالة.',
    emails: ['projects.hr@remal-gulf.com.sa'],
    title: 'مدير مشاريع',
    company: 'رمال الخليج للمقاولات',
  },
  {
    post: "🚀 We're hiring!\n\nOasis Fintech is looking for a Backend Engineer (Node.js) to join our Riyadh team.\n\nWhat you'll do:\n• Design and own APIs\n• Work closely with product\n\nRequirements:\n• 3+ years with TypeScript\n• Saudi nationals preferred\n\nApply: careers@oasisfintech.io\n\n#hiring #Riyadh #backend #SaudiJobs",
    emails: ['careers@oasisfintech.io'],
    title: 'Backend Engineer',
    company: 'Oasis Fintech',
  },
  {
    post: 'Position: HSE Officer\nLocation: Jubail Industrial City\nCompany: Delta Marine Services\nSend CV: recruit(at)deltamarine(dot)com\nSubject line: HSE-JUB',
    emails: ['recruit@deltamarine.com'],
    title: 'HSE Officer',
    company: 'Delta Marine Services',
  },
  {
    post: 'مطلوب مندوب مبيعات لشركة توزيع مواد غذائية بالقصيم\nيشترط رخصة قيادة سارية\nإرسال السيرة: sales.jobs آت qasimfoods دوت com',
    emails: ['sales.jobs@qasimfoods.com'],
    title: 'مندوب مبيعات',
    company: null,
  },
  {
    post: 'وظيفة: كاشير\nالمكان: تموينات الديرة - جدة حي الصفا\nالدوام: ٨ ساعات\nالتقديم على الايميل: aldeera٧٧@hotmail.com',
    emails: ['aldeera77@hotmail.com'],
    title: 'كاشير',
    company: 'تموينات الديرة',
  },
  {
    post: 'مطلوب فني تكييف 🔧❄️\nلشركة صيانة بالرياض\nخبرة سنتين على الأقل\nللتواصل واتس: 0551234567\nأو قدم عبر الرابط: https://forms.gle/Xk29sPq',
    emails: [],
    title: 'فني تكييف',
    company: null,
  },
  {
    post: 'مطلوب محاسب عام لمؤسسة الهدف التجارية بالدمام\nترسل السير الذاتية على acc.jobs@alhadaf-trading.com\n⚠️ لا ترسل على info@alhadaf-trading.com فلن يتم النظر فيها',
    emails: ['acc.jobs@alhadaf-trading.com'],
    title: 'محاسب عام',
    company: 'الهدف التجارية',
  },
  {
    post: 'مطلوب للعمل في مستشفى الرعاية التخصصي بحائل:\n1- طبيب عام\n2- ممرضة\n3- صيدلي\n4- فني أشعة\nإرسال السيرة الذاتية على: hr@alriaya-hospital.com',
    emails: ['hr@alriaya-hospital.com'],
    title: 'طبيب عام',
    company: 'مستشفى الرعاية التخصصي',
  },
  {
    post: 'وظيفة Data Scientist لدى شركة ثقة الرقمية 📊\nالمقر: الرياض (هجين)\nApply: ds-hiring@thiqa.ai',
    emails: ['ds-hiring@thiqa.ai'],
    title: 'Data Scientist',
    company: 'ثقة الرقمية',
  },
  {
    post: '*مطلوب* ‼️\n\n*مشرف مستودعات*\n\n- خبرة في أنظمة WMS\n- يفضل من سكان الخرج\n\nالسيرة الذاتية على 👇\n\nwarehouse.jobs@kharjlogistics.sa\n\n*منقول* _انشر تؤجر_',
    emails: ['warehouse.jobs@kharjlogistics.sa'],
    title: 'مشرف مستودعات',
    company: 'kharjlogistics',
    companyFromDomain: true,
  },
  {
    post: 'Senior Procurement Specialist – Riyadh\n\nAl Wafra Industrial Group is seeking an experienced procurement professional to lead sourcing for its manufacturing plants.\n\nCVs to: procurement.jobs@alwafra-ig.com',
    emails: ['procurement.jobs@alwafra-ig.com'],
    title: 'Senior Procurement Specialist',
    company: 'Al Wafra Industrial Group',
  },
  {
    post: 'My team at Sahm Capital is hiring a Product Designer! 🎨\nRemote within KSA. Send your portfolio to design@sahmcapital.sa and cc lama.t@sahmcapital.sa\n#ProductDesign #UX',
    emails: ['design@sahmcapital.sa', 'lama.t@sahmcapital.sa'],
    title: 'Product Designer',
    company: 'Sahm Capital',
  },
  {
    post: 'مطلوب فورًا سكرتيرة تنفيذية للعمل في شركة دار الإتقان العقارية بجدة\nإجادة اللغة الإنجليزية شرط\nللتقديم: exec.sec@daraletqan.com.',
    emails: ['exec.sec@daraletqan.com'],
    title: 'سكرتيرة تنفيذية',
    company: 'دار الإتقان العقارية',
  },
  {
    post: 'A leading FMCG company in Riyadh is hiring a Key Account Manager.\nMin. 5 years in modern trade.\nSend your CV to kam.jobs.ksa@gmail.com',
    emails: ['kam.jobs.ksa@gmail.com'],
    title: 'Key Account Manager',
    company: null,
  },
  {
    post: 'تعلن جامعة الفيصلية الأهلية عن حاجتها لشغل وظيفة بمسمى (أخصائي تسويق رقمي)\nعلى الراغبين إرسال سيرهم الذاتية إلى البريد الإلكتروني التالي:\nrecruitment@alfaisaliah.edu.sa',
    emails: ['recruitment@alfaisaliah.edu.sa'],
    title: 'أخصائي تسويق رقمي',
    company: 'جامعة الفيصلية الأهلية',
  },
  {
    post: 'HIRING: LOGISTICS COORDINATOR\nPort of Dammam operations | Rotating shifts\nTrans Arabia Shipping\nEmail your CV: ops.careers@transarabia-ship.com',
    emails: ['ops.careers@transarabia-ship.com'],
    title: 'Logistics Coordinator',
    company: 'Trans Arabia Shipping',
  },
  {
    post: 'ارسل سيرتك على hr@alnakheel-schools.saمع ذكر المادة في العنوان\nمطلوب معلمة رياضيات للمرحلة المتوسطة - مدارس النخيل الأهلية',
    emails: ['hr@alnakheel-schools.sa'],
    title: 'معلمة رياضيات',
    company: 'مدارس النخيل الأهلية',
  },
  {
    post: 'Job Title: Maintenance Planner\nDepartment: Operations\nLocation: Yanbu\nHow to apply: please email your resume to careers@redseapetro.com quoting reference MP-22.',
    emails: ['careers@redseapetro.com'],
    title: 'Maintenance Planner',
    company: 'redseapetro',
    companyFromDomain: true,
  },
  {
    post: '#وظائف_نسائية #جدة\nمطلوب معلمات رياض أطفال لروضة براعم المستقبل 🌸\nالمؤهل: بكالوريوس رياض أطفال\nالسيرة الذاتية: baraem.kg@outlook.sa\nللاستفسار واتساب ٠٥٠٩٨٧٦٥٤٣',
    emails: ['baraem.kg@outlook.sa'],
    title: 'معلمات رياض أطفال',
    company: 'روضة براعم المستقبل',
  },
  {
    post: 'Hiring a Network Engineer for Gulf Data Systems in Khobar.\nCCNP required.\nApply: jobs [at] gulfdatasys [dot] com [dot] sa',
    emails: ['jobs@gulfdatasys.com.sa'],
    title: 'Network Engineer',
    company: 'Gulf Data Systems',
  },
  {
    post: 'فرصة وظيفية: أخصائي موارد بشرية\nالجهة: شركة سنام للخدمات اللوجستية\nالمدينة: الرياض\nترسل السير الذاتية على careers@sanam-logistics.com',
    emails: ['careers@sanam-logistics.com'],
    title: 'أخصائي موارد بشرية',
    company: 'سنام للخدمات اللوجستية',
  },
  {
    post: 'مطلوب مـحـاسـب تكاليف 📌\nلمصنع الوطنية للبلاستيك بالمدينة الصناعية الثانية\nالإيميل: cost.acc@watanyaplastic.com؛ يرجى كتابة المسمى في الموضوع',
    emails: ['cost.acc@watanyaplastic.com'],
    title: 'محاسب تكاليف',
    company: 'مصنع الوطنية للبلاستيك',
  },
  {
    post: 'We are #hiring a Data Engineer at Masar Analytics (Riyadh, on-site).\nIf interested, send your CV to talent @ masar-analytics . com\nPlease don’t DM me.',
    emails: ['talent@masar-analytics.com'],
    title: 'Data Engineer',
    company: 'Masar Analytics',
  },
  {
    post: 'وظائف شاغرة لدى مجموعة الصفوة الطبية:\n▫️ أخصائي علاج طبيعي\n▫️ أخصائية تغذية\n▫️ موظف تأمين\nللرجال: m.jobs@safwa-medical.com\nللنساء: f.jobs@safwa-medical.com',
    emails: ['m.jobs@safwa-medical.com', 'f.jobs@safwa-medical.com'],
    title: 'أخصائي علاج طبيعي',
    company: 'مجموعة الصفوة الطبية',
  },
  {
    post: 'مطلوب سائق نقل ثقيل\nالتواصل على الرقم 0543219876 أو عبر حسابنا @naqel_alwadi\nالراتب مجزي',
    emails: [],
    title: 'سائق نقل ثقيل',
    company: null,
  },
  {
    post: 'Vacancy: Clinical Pharmacist\nDr. Hamdan Hospital – Qassim\nInterested candidates may send their CVs to HR.Pharmacy@hamdan-hospital.med.sa',
    emails: ['HR.Pharmacy@hamdan-hospital.med.sa'],
    title: 'Clinical Pharmacist',
    company: 'Dr. Hamdan Hospital',
  },
  {
    post: 'نبحث عن مطور تطبيقات iOS للانضمام لفريقنا في شركة وصل التقنية 📱\n- Swift / SwiftUI\n- خبرة ٣ سنوات\nأرسل سيرتك وروابط أعمالك إلى: ios@wasl.tech',
    emails: ['ios@wasl.tech'],
    title: 'مطور تطبيقات iOS',
    company: 'وصل التقنية',
  },
  {
    post: 'مطلوب Graphic Designer لوكالة إبداع الرقمية في الرياض\nيفضل إجادة Adobe After Effects\nالبورتفوليو على ebdaa.jobs@gmail.com',
    emails: ['ebdaa.jobs@gmail.com'],
    title: 'Graphic Designer',
    company: 'وكالة إبداع الرقمية',
  },
  {
    post: 'Our client, a well-known retail group in the Eastern Province, is looking for a Store Manager.\nSend CVs to placements@talentbridge-ksa.com (mention "SM-EP" in the subject).',
    emails: ['placements@talentbridge-ksa.com'],
    title: 'Store Manager',
    company: null,
  },
  {
    post: 'وظيفة شاغرة بمسمى مهندس كهرباء لدى مؤسسة الطاقة المتجددة للمقاولات\nموقع العمل: نيوم\nالسيرة الذاتية: elec.eng آت renewable-co دوت sa',
    emails: ['elec.eng@renewable-co.sa'],
    title: 'مهندس كهرباء',
    company: 'الطاقة المتجددة للمقاولات',
  },
  {
    post: 'Positions:\n- Barista\n- Cashier\n- Kitchen Helper\nBean Theory Café, Al Olaya branch\nWalk in or email beantheory.jobs@gmail.com',
    emails: ['beantheory.jobs@gmail.com'],
    title: 'Barista',
    company: 'Bean Theory Café',
  },
  {
    post: '📢 فرص وظيفية 📢\nتعلن شركة أبراج المستقبل للاتصالات عن توفر وظائف شاغرة للسعوديين:\n1️⃣ مهندس شبكات\n2️⃣ فني ألياف ضوئية\nالتقديم عبر البريد:\njobs@abraj-telecom.com\nأو\ncareers@abraj-telecom.com\n#وظائف #السعودية',
    emails: ['jobs@abraj-telecom.com', 'careers@abraj-telecom.com'],
    title: 'مهندس شبكات',
    company: 'أبراج المستقبل للاتصالات',
  },
  {
    post: 'We’re hiring a Legal Counsel at Najran Cement Trading.\nApply at legal.hiring@najrancement.com — applications sent to info@najrancement.com will not be considered.',
    emails: ['legal.hiring@najrancement.com'],
    title: 'Legal Counsel',
    company: 'Najran Cement Trading',
  },
  {
    post: 'مطلوب مُبَرْمِج ويب (PHP / Laravel) لشركة حلول السحابة\nالعمل عن بعد\nإرسال السيرة: dev.jobs@cloudsolutions.sa',
    emails: ['dev.jobs@cloudsolutions.sa'],
    title: 'مبرمج ويب',
    company: 'حلول السحابة',
  },
  {
    post: 'Job Opening – Executive Chef\nThe Palm Resort, Al Ula is looking for an Executive Chef with fine-dining experience.\nEmail: chef.recruit@thepalm-alula.com\nPhone: +966 11 234 5678\nWeb: www.thepalm-alula.com',
    emails: ['chef.recruit@thepalm-alula.com'],
    title: 'Executive Chef',
    company: 'The Palm Resort',
  },
  {
    post: 'تعلن مؤسسة سواعد الخير الخيرية عن حاجتها إلى منسق برامج تطوعية\nللتقديم يرجى إرسال السيرة الذاتية على: volunteer.jobs@sawaed.org.sa\nآخر موعد للتقديم ١٥ رمضان',
    emails: ['volunteer.jobs@sawaed.org.sa'],
    title: 'منسق برامج تطوعية',
    company: 'سواعد الخير الخيرية',
  },
  {
    post: 'Role: Cybersecurity Analyst (SOC L2)\nCompany: Hisn Security\nLocation: Riyadh\nApply: soc-careers@hisnsec.com, or refer a friend!',
    emails: ['soc-careers@hisnsec.com'],
    title: 'Cybersecurity Analyst',
    company: 'Hisn Security',
  },
  {
    post: 'يا جماعة فيه وظيفة حلوة 👇👇\nمطلوب مساعد إداري في مكتب محاماة بالرياض\nراتب ٦٠٠٠\nيرسلون السيرة على lawoffice.ksa@gmail.com\nوبالتوفيق للجميع 🤍',
    emails: ['lawoffice.ksa@gmail.com'],
    title: 'مساعد إداري',
    company: null,
  },
  {
    post: 'Careers at Al Noor Mall Management\n\nWe are looking for:\n• Leasing Executive\n• Facility Supervisor\n\nSend your application to: careers@alnoormall.sa.\nShortlisted candidates only will be contacted.',
    emails: ['careers@alnoormall.sa'],
    title: 'Leasing Executive',
    company: 'Al Noor Mall Management',
  },
  {
    post: 'مطلوب أخصائي جودة لمصنع بالجبيل\nالسيرة الذاتية على الإيميل: quality(at)jubailpack(dot)com\nلا ترسلوا على الخاص',
    emails: ['quality@jubailpack.com'],
    title: 'أخصائي جودة',
    company: 'jubailpack',
    companyFromDomain: true,
  },
  {
    post: 'Internship opportunity 🎓\nSummer Finance Intern\nat Rasheed Holding, Riyadh\nSend your CV + transcript: internships@rasheedholding.com',
    emails: ['internships@rasheedholding.com'],
    title: 'Summer Finance Intern',
    company: 'Rasheed Holding',
  },
  {
    post: 'للتقديم على وظيفة (مهندس ميكانيكا) في شركة المسار الصناعية\nيرجى إرسال السيرة على mech.jobs١@almasar-ind.com.sa',
    emails: ['mech.jobs1@almasar-ind.com.sa'],
    title: 'مهندس ميكانيكا',
    company: 'المسار الصناعية',
  },
  {
    post: 'مطلوب معقب حكومي\nللتواصل: ٠٥٦٧٨٩٠١٢٣\nالتقديم من خلال منصة جدارات: jadarat.sa',
    emails: [],
    title: 'معقب حكومي',
    company: null,
  },
  {
    post: 'We are hiring at Lamar Hospitality Group!\nOpen role: Front Office Manager (Makkah)\nApply: jobs@lamarhospitality.com <jobs@lamarhospitality.com>',
    emails: ['jobs@lamarhospitality.com'],
    title: 'Front Office Manager',
    company: 'Lamar Hospitality Group',
  },
  {
    post: '🔴 مطلوب عاجل 🔴\nممرضات (سعوديات) للعمل في مجمع عيادات الشفاء بالطائف\nترسل السير الذاتية على\nnursing۲۰۲۴@alshifa-clinics.com\n\n#وظائف_الطائف #تمريض',
    emails: ['nursing2024@alshifa-clinics.com'],
    title: 'ممرضات',
    company: 'مجمع عيادات الشفاء',
  },
  {
    post: 'Join Bayan Education as an English Teacher (female, Jeddah).\nQualifications: CELTA or equivalent.\nEmail: teachers at bayanedu dot com',
    emails: ['teachers@bayanedu.com'],
    title: 'English Teacher',
    company: 'Bayan Education',
  },
  {
    post: 'شركة الواحة للسيارات\nتعلن عن حاجتها لـ:\n- مستشار خدمة عملاء\n- فني ميكانيكا\nالتقديم: service.hr@alwaha-motors.com\n(الرجاء عدم الإرسال إلى sales@alwaha-motors.com)',
    emails: ['service.hr@alwaha-motors.com'],
    title: 'مستشار خدمة عملاء',
    company: 'الواحة للسيارات',
  },
  {
    post: 'Quick one: Riyadh-based startup Nabd Health needs a QA Engineer asap. Ping me here or drop your CV at qa.jobs@nabdhealth.comThanks!',
    emails: ['qa.jobs@nabdhealth.com'],
    title: 'QA Engineer',
    company: 'Nabd Health',
  },
  {
    post: 'المسمى الوظيفي: مدير مبيعات إقليمي\nالشركة: مجموعة الراجحي للتجارة\nالمنطقة: المنطقة الجنوبية (أبها - خميس مشيط)\nالمميزات: سيارة + سكن\nالتقديم: regional.sales @ alrajhi-trading . com',
    emails: ['regional.sales@alrajhi-trading.com'],
    title: 'مدير مبيعات إقليمي',
    company: 'مجموعة الراجحي للتجارة',
  },
  {
    post: 'مطلوب مصور فوتوغرافي لتغطية مناسبات\nبنظام العمل الحر\nالتواصل على تيليجرام @photo_jobs_sa أو الموقع www.eventsa.com/join',
    emails: [],
    title: 'مصور فوتوغرافي',
    company: null,
  },
  {
    post: 'Hiring!! 📣 Accountant needed for a contracting company in Dammam. Send your CV to accountant.jobs2024@yahoo.com. Saudis only.',
    emails: ['accountant.jobs2024@yahoo.com'],
    title: 'Accountant',
    company: null,
  },
  {
    post: 'تعلن الشركة السعودية لخدمات الطيران الأرضية عن فتح باب التوظيف في وظيفة وكيل خدمة مسافرين بمطار الملك خالد\nالمتطلبات:\n• ثانوية عامة فأعلى\n• إجادة الإنجليزية\nإرسال السيرة إلى: ground.jobs@saudi-groundserv.com.sa',
    emails: ['ground.jobs@saudi-groundserv.com.sa'],
    title: 'وكيل خدمة مسافرين',
    company: 'الشركة السعودية لخدمات الطيران الأرضية',
  },
  {
    post: 'Position : Site Engineer\nProject: Residential towers, North Riyadh\nContractor: Binaa Alkhaleej\n📧 site.eng@binaa-alkhaleej.com\n📞 0501112233',
    emails: ['site.eng@binaa-alkhaleej.com'],
    title: 'Site Engineer',
    company: 'Binaa Alkhaleej',
  },
  {
    post: 'مطلوب موظف خدمة عملاء (مركز اتصال) لشركة نقاط للتجارة الإلكترونية\nالتقديم: cs.jobs@noqat.sa/ ويذكر في الموضوع "خدمة عملاء"',
    emails: ['cs.jobs@noqat.sa'],
    title: 'موظف خدمة عملاء',
    company: 'نقاط للتجارة الإلكترونية',
  },
  {
    post: 'We are expanding! Taiba Steel is recruiting a Production Supervisor and two Machine Operators for our Madinah plant.\nApply: careers@taibasteel.com | hr.madinah@taibasteel.com',
    emails: ['careers@taibasteel.com', 'hr.madinah@taibasteel.com'],
    title: 'Production Supervisor',
    company: 'Taiba Steel',
  },
  {
    post: '- فرصة عمل -\nمسؤول تسويق عبر وسائل التواصل الاجتماعي\nلمتجر زهور الربيع الإلكتروني\nالإيميل: zohoor.store@gmail.com\nرقم الجوال: ٠٥٥٠٠٠٠١١١',
    emails: ['zohoor.store@gmail.com'],
    title: 'مسؤول تسويق عبر وسائل التواصل الاجتماعي',
    company: 'متجر زهور الربيع الإلكتروني',
  },
  {
    post: 'Banner image: hiring-banner@3x.jpg\nWe are hiring an IT Support Specialist at Riyadh Pearl Hotel.\nApply to it.support.jobs@riyadhpearl.com',
    emails: ['it.support.jobs@riyadhpearl.com'],
    title: 'IT Support Specialist',
    company: 'Riyadh Pearl Hotel',
  },
  {
    post: 'مطلوب مشرف أمن وسلامة\nلشركة حراسات الأمان\nالمدينة: مكة المكرمة\nالسيرة الذاتية: security.jobs@haras-alaman.com.\nشكراً',
    emails: ['security.jobs@haras-alaman.com'],
    title: 'مشرف أمن وسلامة',
    company: 'حراسات الأمان',
  },
];
